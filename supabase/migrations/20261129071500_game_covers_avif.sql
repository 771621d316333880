-- Game covers are stored in AVIF as well as WebP (docs/decisions/cover-art.md): the
-- game-covers bucket accepts image/avif. The other buckets keep their types.
update storage.buckets
   set allowed_mime_types = array['image/jpeg', 'image/png', 'image/webp', 'image/avif']
 where id = 'game-covers';
