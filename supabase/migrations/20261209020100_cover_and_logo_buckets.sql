-- Storage: the game-covers and outlet-logos buckets and who may write into them. The same
-- statements apply to a hosted Supabase project and locally (see the avatars bucket).
--
-- Layouts: game-covers/<game id>/cover-<variant>-<version>.webp, written by administrators;
-- outlet-logos/<outlet id>/logo-<variant>-<version>.webp, written by the outlet's owners.
-- Both buckets are public: covers and logos are shown on cached public pages.

insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values
  ('game-covers', 'game-covers', true, 5242880, array['image/jpeg', 'image/png', 'image/webp']),
  ('outlet-logos', 'outlet-logos', true, 5242880, array['image/jpeg', 'image/png', 'image/webp'])
on conflict (id) do update
  set public = excluded.public,
      file_size_limit = excluded.file_size_limit,
      allowed_mime_types = excluded.allowed_mime_types;

-- A yes/no answer about the caller only: the admin list itself stays in app_meta, which the
-- API roles cannot see. The schema is not exposed by the Data API.
create schema if not exists private;
revoke all on schema private from public;
grant usage on schema private to authenticated;

create or replace function private.is_admin() returns boolean
  language sql
  stable
  security definer
  set search_path = ''
as $$
  select exists (select 1 from app_meta.admins a where a.user_id = auth.uid())
$$;
revoke execute on function private.is_admin() from public, anon;
grant execute on function private.is_admin() to authenticated;

-- The outlet id from a path's first folder, or null for anything that is not a plain id
-- (a client may send any string as a path; the cast must never fail).
create or replace function private.outlet_folder(p_name text) returns integer
  language sql
  immutable
  set search_path = ''
as $$
  select case when (storage.foldername(p_name))[1] ~ '^[0-9]{1,9}$' then ((storage.foldername(p_name))[1])::integer end
$$;
revoke execute on function private.outlet_folder(text) from public, anon;
grant execute on function private.outlet_folder(text) to authenticated;

create policy game_covers_insert_admin on storage.objects
  for insert to authenticated
  with check (bucket_id = 'game-covers' and (select private.is_admin()));
comment on policy game_covers_insert_admin on storage.objects is 'Only administrators upload game covers.';

create policy game_covers_select_admin on storage.objects
  for select to authenticated
  using (bucket_id = 'game-covers' and (select private.is_admin()));
comment on policy game_covers_select_admin on storage.objects is
  'Administrators list cover files (to replace them); everyone else reads covers through the public URL.';

create policy game_covers_update_admin on storage.objects
  for update to authenticated
  using (bucket_id = 'game-covers' and (select private.is_admin()))
  with check (bucket_id = 'game-covers' and (select private.is_admin()));
comment on policy game_covers_update_admin on storage.objects is 'Only administrators overwrite game covers.';

create policy game_covers_delete_admin on storage.objects
  for delete to authenticated
  using (bucket_id = 'game-covers' and (select private.is_admin()));
comment on policy game_covers_delete_admin on storage.objects is 'Only administrators remove game covers.';

create policy outlet_logos_insert_owner on storage.objects
  for insert to authenticated
  with check (bucket_id = 'outlet-logos' and coalesce(public.is_outlet_owner(private.outlet_folder(name)), false));
comment on policy outlet_logos_insert_owner on storage.objects is 'Only an outlet''s owners upload its logo.';

create policy outlet_logos_select_owner on storage.objects
  for select to authenticated
  using (bucket_id = 'outlet-logos' and coalesce(public.is_outlet_owner(private.outlet_folder(name)), false));
comment on policy outlet_logos_select_owner on storage.objects is
  'An outlet''s owners list its logo files (to replace them); everyone else reads logos through the public URL.';

create policy outlet_logos_update_owner on storage.objects
  for update to authenticated
  using (bucket_id = 'outlet-logos' and coalesce(public.is_outlet_owner(private.outlet_folder(name)), false))
  with check (bucket_id = 'outlet-logos' and coalesce(public.is_outlet_owner(private.outlet_folder(name)), false));
comment on policy outlet_logos_update_owner on storage.objects is 'Only an outlet''s owners overwrite its logo files, inside its folder.';

create policy outlet_logos_delete_owner on storage.objects
  for delete to authenticated
  using (bucket_id = 'outlet-logos' and coalesce(public.is_outlet_owner(private.outlet_folder(name)), false));
comment on policy outlet_logos_delete_owner on storage.objects is 'Only an outlet''s owners remove its logo files.';
