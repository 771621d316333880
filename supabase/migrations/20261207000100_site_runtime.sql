-- The site's own runtime records: contact messages, first-party analytics, error reports
-- and the community vote. All are written and read by the site's server only (the privilege
-- model of the first migration): RLS is on and the API roles get nothing, because every
-- one of these tables holds something about a visitor that the public anon key must not read.

-- Contact messages -------------------------------------------------------------------

create table if not exists public.contact_messages (
  id bigint generated always as identity primary key,
  name text not null,
  email text not null,
  topic text not null,
  message text not null,
  -- The signed-in sender, when there was one; a deleted account keeps its messages anonymous.
  user_id uuid references auth.users (id) on delete set null,
  -- SHA-256 of the sender's address with a server-side pepper: counts messages per address
  -- for the rate limit without keeping the address itself.
  sender_hash text not null,
  emailed_at timestamptz,
  created_at timestamptz not null default now(),
  constraint contact_messages_name_length check (char_length(name) between 1 and 100),
  constraint contact_messages_email_length check (char_length(email) between 3 and 254),
  constraint contact_messages_topic_known check (topic in ('general', 'support', 'feedback', 'press', 'privacy', 'outlets')),
  constraint contact_messages_message_length check (char_length(message) between 1 and 5000),
  constraint contact_messages_sender_hash_format check (sender_hash ~ '^[0-9a-f]{64}$')
);
comment on table public.contact_messages is 'Messages sent through /contact; read by administrators.';
comment on column public.contact_messages.sender_hash is 'Peppered SHA-256 of the client address: rate limit only, never the address.';

create index if not exists contact_messages_created_idx on public.contact_messages (created_at desc);
create index if not exists contact_messages_sender_idx on public.contact_messages (sender_hash, created_at desc);
create index if not exists contact_messages_email_idx on public.contact_messages (lower(email), created_at desc);
create index if not exists contact_messages_user_idx on public.contact_messages (user_id) where user_id is not null;

alter table public.contact_messages enable row level security;
grant all on public.contact_messages to service_role;

-- First-party analytics ------------------------------------------------------------------

-- The salt of each day. A visitor is counted once per day as hash(salt, site, address,
-- user agent): with yesterday's salt deleted, nobody (us included) can link a visitor
-- across days or recover the address.
create table if not exists public.analytics_salts (
  day date primary key,
  salt text not null,
  created_at timestamptz not null default now(),
  constraint analytics_salts_salt_length check (salt ~ '^[0-9a-f]{64}$')
);
comment on table public.analytics_salts is 'One random salt per UTC day for visitor hashes; older than yesterday is deleted.';

alter table public.analytics_salts enable row level security;
grant all on public.analytics_salts to service_role;

create table if not exists public.analytics_events (
  id bigint generated always as identity primary key,
  occurred_at timestamptz not null default now(),
  name text not null,
  -- The page path (no query string, no fragment unless hash mode), bounded.
  path text not null,
  -- The referring site's host, when it is another site.
  referrer_host text,
  -- Outbound link clicks: the link's URL (props.url).
  outbound_url text,
  device text not null,
  visitor_hash text not null,
  props jsonb,
  revenue_cents bigint,
  revenue_currency char(3),
  constraint analytics_events_name_length check (char_length(name) between 1 and 120),
  constraint analytics_events_path_length check (char_length(path) between 1 and 2000),
  constraint analytics_events_referrer_length check (char_length(referrer_host) <= 255),
  constraint analytics_events_outbound_length check (char_length(outbound_url) <= 2000),
  constraint analytics_events_device_known check (device in ('mobile', 'tablet', 'laptop', 'desktop', 'unknown')),
  constraint analytics_events_visitor_hash_format check (visitor_hash ~ '^[0-9a-f]{32}$'),
  constraint analytics_events_props_size check (props is null or octet_length(props::text) <= 2048)
);
comment on table public.analytics_events is
  'Page views and outbound clicks, without cookies or addresses; visitor_hash rotates daily.';

create index if not exists analytics_events_time_idx on public.analytics_events (occurred_at);
create index if not exists analytics_events_name_time_idx on public.analytics_events (name, occurred_at);

alter table public.analytics_events enable row level security;
grant all on public.analytics_events to service_role;

-- Error reports --------------------------------------------------------------------------

-- One row per fingerprint (where, what, which release): a repeated error raises the count
-- instead of adding rows, so a loop in a browser cannot fill the table.
create table if not exists public.error_reports (
  fingerprint text primary key,
  source text not null,
  message text not null,
  stack text,
  route text not null,
  release text not null,
  count bigint not null default 1,
  first_seen_at timestamptz not null default now(),
  last_seen_at timestamptz not null default now(),
  constraint error_reports_fingerprint_format check (fingerprint ~ '^[0-9a-f]{64}$'),
  constraint error_reports_source_known check (source in ('client', 'server')),
  constraint error_reports_message_length check (char_length(message) between 1 and 1000),
  constraint error_reports_stack_length check (char_length(stack) <= 8000),
  constraint error_reports_route_length check (char_length(route) between 1 and 500),
  constraint error_reports_release_length check (char_length(release) between 1 and 100),
  constraint error_reports_count_positive check (count >= 1)
);
comment on table public.error_reports is
  'Client and server errors, scrubbed of personal data, counted per fingerprint; kept 30 days after last seen.';

create index if not exists error_reports_last_seen_idx on public.error_reports (last_seen_at desc);

alter table public.error_reports enable row level security;
grant all on public.error_reports to service_role;

-- The community vote -----------------------------------------------------------------------

create table if not exists public.poll_votes (
  poll text not null,
  user_id uuid not null references auth.users (id) on delete cascade,
  option text not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  primary key (poll, user_id),
  constraint poll_votes_poll_format check (poll ~ '^[a-z0-9][a-z0-9-]{0,62}$'),
  constraint poll_votes_option_format check (option ~ '^[a-z0-9][a-z0-9-]{0,62}$')
);
comment on table public.poll_votes is 'One changeable vote per user and poll on /test-vote; options come from the roadmap content.';

create trigger poll_votes_set_updated_at before update on public.poll_votes
  for each row execute function public.set_updated_at();

-- The results of a poll: counts per option.
create index if not exists poll_votes_poll_option_idx on public.poll_votes (poll, option);

alter table public.poll_votes enable row level security;
grant all on public.poll_votes to service_role;
