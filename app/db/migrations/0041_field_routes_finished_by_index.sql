-- custom SQL (keep on regeneration)
-- Issue 24 §2 (ADR 283): "Minhas Visitas" (a campo user's own concluded visits) read by the
-- person who finished them. Without this index the page walked every concluded visit of the
-- union to keep one user's (50,000 at full size, ~9 ms for a user with none); with it, that user's
-- entries in finishing order. It also serves the foreign key's ON DELETE SET NULL.
CREATE INDEX IF NOT EXISTS "field_routes_finished_by_idx" ON "field_routes" ("finished_by", "finished_at") WHERE "status" = 'concluida';
