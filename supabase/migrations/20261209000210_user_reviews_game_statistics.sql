-- User reviews pile up on a few popular games (the bench's data set: 3216 on the first,
-- a median of 8). With the default statistics target the planner knows the 100 most
-- reviewed games by name and guesses about 16 reviews for any other: for a game with 300
-- it then sorted all of them, each joined to its author (1500 pages read), instead of
-- reading the first 20 from user_reviews_game_helpful_idx (about 100). A longer list of
-- the most common games keeps the estimate right wherever the difference matters.
alter table public.user_reviews alter column game_id set statistics 1000;
analyze public.user_reviews;
