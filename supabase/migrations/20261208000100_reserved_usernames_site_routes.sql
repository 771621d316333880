-- Route segments added with the site's runtime and payments (the offline page, the payment
-- outcome, live delivery, build metadata, icons and the manifest) are reserved usernames too,
-- so no profile at /{username} can shadow them.
insert into public.reserved_usernames (name) values
  ('offline'), ('payment'), ('realtime'), ('builds'), ('icons'), ('manifest')
on conflict (name) do nothing;
