-- /lists orders popular lists by user_lists_public_popular_idx; no page orders public lists
-- by all their likes alone any more, so this index only cost every like's write.
drop index if exists public.user_lists_public_likes_idx;
