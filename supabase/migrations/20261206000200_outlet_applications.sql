-- Outlet applications: a signed-in user asks for their outlet to be listed and becomes its
-- owner when an administrator approves. Reviewed in the moderation queue.
-- Privilege model as in the first migration: only the site's server reads and writes.

create table if not exists public.outlet_applications (
  id integer generated always as identity primary key,
  applicant_id uuid not null references auth.users (id) on delete cascade,
  outlet_name text not null,
  website_url text not null,
  contact text not null,
  score_scale text not null,
  sample_links text[] not null default '{}',
  status text not null default 'pending',
  resolution_reason text,
  outlet_id integer references public.outlets (id) on delete set null,
  resolved_by uuid references auth.users (id) on delete set null,
  resolved_at timestamptz,
  created_at timestamptz not null default now(),
  constraint outlet_applications_status_known check (status in ('pending', 'approved', 'rejected')),
  constraint outlet_applications_name_length check (char_length(btrim(outlet_name)) between 1 and 100),
  constraint outlet_applications_website_http check (website_url ~ '^https?://' and char_length(website_url) <= 500),
  constraint outlet_applications_contact_length check (char_length(btrim(contact)) between 1 and 320),
  constraint outlet_applications_score_scale check (score_scale in ('hundred', 'ten', 'stars', 'letter', 'unscored')),
  constraint outlet_applications_samples_count check (cardinality(sample_links) between 1 and 5),
  constraint outlet_applications_reason_length check (char_length(resolution_reason) <= 1000),
  constraint outlet_applications_resolved check ((status = 'pending') = (resolved_at is null))
);
comment on table public.outlet_applications is 'Requests from users to list their outlet; approving creates the outlet with the applicant as owner.';

-- One pending application per user.
create unique index if not exists outlet_applications_one_pending on public.outlet_applications (applicant_id) where status = 'pending';
create index if not exists outlet_applications_queue_idx on public.outlet_applications (status, created_at);
create index if not exists outlet_applications_applicant_idx on public.outlet_applications (applicant_id, created_at desc);

alter table public.outlet_applications enable row level security;
grant all on public.outlet_applications to service_role;
