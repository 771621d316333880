-- Storage: the avatars bucket and who may write into it. The same statements apply to a
-- hosted Supabase project (Supabase Storage) and locally (the site's storage service over
-- the bootstrap's storage schema), and the policies decide the same way in both.
--
-- Layout: avatars/<user id>/<file>. Anyone may read an avatar through its public URL
-- (a public bucket is served without consulting the policies); a signed-in user may list,
-- write, replace and delete only what is under their own folder.

insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values ('avatars', 'avatars', true, 5242880, array['image/jpeg', 'image/png', 'image/webp'])
on conflict (id) do update
  set public = excluded.public,
      file_size_limit = excluded.file_size_limit,
      allowed_mime_types = excluded.allowed_mime_types;

create policy avatars_insert_own_folder on storage.objects
  for insert to authenticated
  with check (bucket_id = 'avatars' and (storage.foldername(name))[1] = (select auth.uid())::text);
comment on policy avatars_insert_own_folder on storage.objects is
  'A signed-in user uploads avatars only into the folder named after their user id.';

create policy avatars_select_own_folder on storage.objects
  for select to authenticated
  using (bucket_id = 'avatars' and (storage.foldername(name))[1] = (select auth.uid())::text);
comment on policy avatars_select_own_folder on storage.objects is
  'A signed-in user lists their own avatar files (needed to replace or remove them); everyone else reads avatars through the public URL.';

create policy avatars_update_own_folder on storage.objects
  for update to authenticated
  using (bucket_id = 'avatars' and (storage.foldername(name))[1] = (select auth.uid())::text)
  with check (bucket_id = 'avatars' and (storage.foldername(name))[1] = (select auth.uid())::text);
comment on policy avatars_update_own_folder on storage.objects is
  'A signed-in user overwrites (upserts) only avatar files in their own folder, and cannot move one out of it.';

create policy avatars_delete_own_folder on storage.objects
  for delete to authenticated
  using (bucket_id = 'avatars' and (storage.foldername(name))[1] = (select auth.uid())::text);
comment on policy avatars_delete_own_folder on storage.objects is
  'A signed-in user deletes only avatar files in their own folder.';
