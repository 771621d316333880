-- Every top-level route segment is a reserved username, so no profile at /{username} can
-- shadow a page (a test reads src/pages and checks each one against this table). These are
-- the segments the first list did not have yet.
insert into public.reserved_usernames (name) values
  ('404'), ('500'), ('storage'), ('sitemaps'), ('future-features'), ('author-features'), ('pr-features'),
  ('user-features'), ('test-vote'), ('sentry-example-page')
on conflict (name) do nothing;
