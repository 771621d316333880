-- Membership: prices per billing period, the link between a user and their Stripe customer,
-- what Stripe last told us about each subscription, and every webhook event received once.
--
-- Privilege model as in the first migration: the API roles (anon, authenticated) get only
-- what a policy names; billing rows are written by the server (service_role) from verified
-- Stripe webhooks, never by a browser.

-- Prices: monthly and yearly, in minor units, and the Stripe price id each one maps to
-- (null in the embedded default, where the built-in test checkout names the plan itself).
alter table public.subscription_plans add column if not exists price_yearly_cents integer;
alter table public.subscription_plans drop constraint if exists subscription_plans_yearly_price_non_negative;
alter table public.subscription_plans
  add constraint subscription_plans_yearly_price_non_negative check (price_yearly_cents >= 0);
comment on column public.subscription_plans.price_yearly_cents is 'Yearly price in minor units; null while the plan is not on sale.';

update public.subscription_plans set price_cents = 0, price_yearly_cents = 0 where name = 'free';
update public.subscription_plans set price_cents = 299, price_yearly_cents = 2990 where name = 'ad_free';
update public.subscription_plans set price_cents = 599, price_yearly_cents = 5990 where name = 'premium';

-- One Stripe customer per user, kept for every later checkout and the customer portal.
create table if not exists public.billing_customers (
  user_id uuid primary key references auth.users (id) on delete cascade,
  stripe_customer_id text not null unique,
  created_at timestamptz not null default now(),
  constraint billing_customers_id_length check (char_length(stripe_customer_id) between 1 and 255)
);
comment on table public.billing_customers is 'The Stripe customer of each user who has started a checkout.';
alter table public.billing_customers enable row level security;
revoke all on public.billing_customers from anon, authenticated;
grant all on public.billing_customers to service_role;

-- What Stripe says about a subscription. `stripe_event_at` is the creation time of the
-- newest event applied: an older event arriving late never overwrites a newer state.
alter table public.user_subscriptions add column if not exists stripe_subscription_id text;
alter table public.user_subscriptions add column if not exists billing_period text;
alter table public.user_subscriptions add column if not exists cancel_at_period_end boolean not null default false;
alter table public.user_subscriptions add column if not exists stripe_event_at timestamptz;
-- Stripe's own status (active, trialing, past_due, canceled, unpaid, incomplete, ...). `status`
-- stays active while Stripe retries a failed payment (past_due): the tier ends when Stripe
-- ends the subscription, not before.
alter table public.user_subscriptions add column if not exists stripe_status text;
alter table public.user_subscriptions drop constraint if exists user_subscriptions_stripe_status_length;
alter table public.user_subscriptions
  add constraint user_subscriptions_stripe_status_length check (char_length(stripe_status) <= 40);
alter table public.user_subscriptions drop constraint if exists user_subscriptions_billing_period;
alter table public.user_subscriptions
  add constraint user_subscriptions_billing_period check (billing_period in ('month', 'year'));
create unique index if not exists user_subscriptions_stripe_subscription_id
  on public.user_subscriptions (stripe_subscription_id);
comment on column public.user_subscriptions.stripe_event_at is
  'Creation time of the newest Stripe event applied to this row; older events are ignored.';

-- Every webhook event id, recorded in the transaction that applies it: a replayed or
-- duplicated event finds its id here and changes nothing.
create table if not exists public.stripe_events (
  id text primary key,
  type text not null,
  created_at timestamptz not null,
  received_at timestamptz not null default now(),
  constraint stripe_events_id_length check (char_length(id) between 1 and 255),
  constraint stripe_events_type_length check (char_length(type) between 1 and 100)
);
comment on table public.stripe_events is 'Stripe webhook events already applied, by id.';
create index if not exists stripe_events_received_at on public.stripe_events (received_at);
alter table public.stripe_events enable row level security;
revoke all on public.stripe_events from anon, authenticated;
grant all on public.stripe_events to service_role;

-- The built-in test checkout's sessions (embedded default without Stripe keys): what
-- Stripe would keep for a Checkout Session, so /payment/success reads the same facts.
create table if not exists public.test_checkout_sessions (
  id text primary key,
  user_id uuid not null references auth.users (id) on delete cascade,
  plan_name text not null references public.subscription_plans (name),
  billing_period text not null,
  status text not null default 'open',
  subscription_id text,
  created_at timestamptz not null default now(),
  constraint test_checkout_sessions_period check (billing_period in ('month', 'year')),
  constraint test_checkout_sessions_status check (status in ('open', 'complete', 'expired'))
);
comment on table public.test_checkout_sessions is 'Sessions of the built-in test checkout; no payment is taken.';
create index if not exists test_checkout_sessions_user_id on public.test_checkout_sessions (user_id);
alter table public.test_checkout_sessions enable row level security;
revoke all on public.test_checkout_sessions from anon, authenticated;
grant all on public.test_checkout_sessions to service_role;

-- Invoices as Stripe reports them (invoice.paid, invoice.payment_failed), for the account page.
create table if not exists public.billing_invoices (
  id text primary key,
  user_id uuid not null references auth.users (id) on delete cascade,
  stripe_subscription_id text,
  status text not null,
  amount_cents integer not null,
  currency char(3) not null,
  hosted_invoice_url text,
  created_at timestamptz not null,
  constraint billing_invoices_status check (status in ('paid', 'payment_failed')),
  constraint billing_invoices_amount check (amount_cents >= 0),
  constraint billing_invoices_url_length check (char_length(hosted_invoice_url) <= 2000)
);
comment on table public.billing_invoices is 'Invoices of each user''s subscriptions, written from verified webhooks.';
create index if not exists billing_invoices_user_id on public.billing_invoices (user_id, created_at desc);
alter table public.billing_invoices enable row level security;
revoke all on public.billing_invoices from anon, authenticated;
grant all on public.billing_invoices to service_role;
