-- The review-bomb detector (every five minutes) counts the reviews written since yesterday,
-- by game and day. Without an index that starts with created_at, the planner walked the
-- whole (user_id, created_at) index to find them: 22 ms on PostgreSQL and about 200 ms on
-- the embedded database for 1 000 000 reviews, the embedded one holding every page's
-- queries back meanwhile. With this index it reads yesterday's and today's reviews only (3 ms on PostgreSQL).
create index if not exists user_reviews_created_idx on public.user_reviews (created_at);
