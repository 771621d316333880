-- similar_games() returns a handful of rows (6 on a game page, at most 60 on its similar
-- games page), but a set-returning function is estimated at 1000 rows unless it says
-- otherwise. With 1000 the planner joined the ranking to the games by reading the whole
-- games table (caught by the query-plan test); with a realistic estimate it looks each one
-- up by its key.
alter function public.similar_games(integer, integer, integer) rows 12;
