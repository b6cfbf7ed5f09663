-- The audit screen's queries at 1 million entries (ADR 088). Run against a scratch database:
--   psql "$DATABASE_URL" -f scripts/audit-explain.sql
-- It builds its own copy of audit_log (same columns and indexes) in a schema "audit_bench",
-- fills it with generate_series and prints EXPLAIN (ANALYZE, BUFFERS) of each screen query.
\set ON_ERROR_STOP on
DROP SCHEMA IF EXISTS audit_bench CASCADE;
CREATE SCHEMA audit_bench;
SET search_path = audit_bench;
CREATE TABLE users (id uuid PRIMARY KEY, username text NOT NULL UNIQUE, name text NOT NULL);
INSERT INTO users SELECT md5('u' || g)::uuid, 'usuario.' || g, 'Pessoa ' || g FROM generate_series(1, 40) g;
CREATE TABLE audit_log (
  id bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
  created_at timestamptz NOT NULL DEFAULT now(),
  actor_id uuid,
  actor_username text,
  action text NOT NULL,
  entity_type text NOT NULL,
  entity_id text,
  data jsonb NOT NULL DEFAULT '{}'
);
-- 1,000,000 entries over two years, 40 people (5 % anonymous), 30 actions over 8 entity types,
-- 50,000 distinct entity ids.
INSERT INTO audit_log (created_at, actor_id, actor_username, action, entity_type, entity_id, data)
SELECT timestamptz '2024-11-23' + (g * interval '63 seconds'),
       CASE WHEN g % 20 = 0 THEN NULL ELSE md5('u' || (g % 40 + 1))::uuid END,
       CASE WHEN g % 20 = 0 THEN NULL ELSE 'usuario.' || (g % 40 + 1) END,
       'acao.' || (g % 30),
       'tipo.' || (g % 30 % 8),
       'registro-' || (g::bigint * 7919 % 50000),
       jsonb_build_object('title', 'Título ' || g, 'changed', jsonb_build_array('name'))
FROM generate_series(1, 1000000) g;
CREATE INDEX audit_log_created_idx ON audit_log (created_at, id);
CREATE INDEX audit_log_actor_idx ON audit_log (actor_username, created_at, id);
CREATE INDEX audit_log_action_idx ON audit_log (action, created_at, id);
CREATE INDEX audit_log_entity_type_idx ON audit_log (entity_type, created_at, id);
CREATE INDEX audit_log_entity_idx ON audit_log (entity_type, entity_id, created_at, id);
CREATE INDEX audit_log_entity_id_idx ON audit_log (entity_id, created_at, id);
VACUUM ANALYZE audit_log;
VACUUM ANALYZE users;

\echo '== Q1 first page, no filter'
EXPLAIN (ANALYZE, BUFFERS, COSTS OFF) SELECT a.*, u.name FROM audit_log a LEFT JOIN users u ON u.id = a.actor_id
  ORDER BY a.created_at DESC, a.id DESC LIMIT 51;
\echo '== Q2 deep page (keyset cursor in the middle of the log)'
EXPLAIN (ANALYZE, BUFFERS, COSTS OFF) SELECT a.*, u.name FROM audit_log a LEFT JOIN users u ON u.id = a.actor_id
  WHERE (a.created_at, a.id) < (timestamptz '2025-11-23', 500000) ORDER BY a.created_at DESC, a.id DESC LIMIT 51;
\echo '== Q3 person'
EXPLAIN (ANALYZE, BUFFERS, COSTS OFF) SELECT a.*, u.name FROM audit_log a LEFT JOIN users u ON u.id = a.actor_id
  WHERE a.actor_username = 'usuario.7' ORDER BY a.created_at DESC, a.id DESC LIMIT 51;
\echo '== Q4 action'
EXPLAIN (ANALYZE, BUFFERS, COSTS OFF) SELECT a.*, u.name FROM audit_log a LEFT JOIN users u ON u.id = a.actor_id
  WHERE a.action = 'acao.12' ORDER BY a.created_at DESC, a.id DESC LIMIT 51;
\echo '== Q5 entity type + id'
EXPLAIN (ANALYZE, BUFFERS, COSTS OFF) SELECT a.*, u.name FROM audit_log a LEFT JOIN users u ON u.id = a.actor_id
  WHERE a.entity_type = 'tipo.3' AND a.entity_id = 'registro-4242' ORDER BY a.created_at DESC, a.id DESC LIMIT 51;
\echo '== Q6 entity id alone'
EXPLAIN (ANALYZE, BUFFERS, COSTS OFF) SELECT a.*, u.name FROM audit_log a LEFT JOIN users u ON u.id = a.actor_id
  WHERE a.entity_id = 'registro-4242' ORDER BY a.created_at DESC, a.id DESC LIMIT 51;
\echo '== Q7 one month'
EXPLAIN (ANALYZE, BUFFERS, COSTS OFF) SELECT a.*, u.name FROM audit_log a LEFT JOIN users u ON u.id = a.actor_id
  WHERE a.created_at >= '2025-03-01T03:00Z' AND a.created_at < '2025-04-01T03:00Z' ORDER BY a.created_at DESC, a.id DESC LIMIT 51;
\echo '== Q8 person + action + one month (a narrow combination)'
EXPLAIN (ANALYZE, BUFFERS, COSTS OFF) SELECT a.*, u.name FROM audit_log a LEFT JOIN users u ON u.id = a.actor_id
  WHERE a.actor_username = 'usuario.7' AND a.action = 'acao.6' AND a.created_at >= '2025-03-01T03:00Z' AND a.created_at < '2025-04-01T03:00Z'
  ORDER BY a.created_at DESC, a.id DESC LIMIT 51;
\echo '== Q9 person + action that never meet (worst case: no row matches)'
EXPLAIN (ANALYZE, BUFFERS, COSTS OFF) SELECT a.*, u.name FROM audit_log a LEFT JOIN users u ON u.id = a.actor_id
  WHERE a.actor_username = 'usuario.7' AND a.action = 'acao.7'
  ORDER BY a.created_at DESC, a.id DESC LIMIT 51;
\echo '== Q6b entity id alone, without audit_log_entity_id_idx (why migration 0008 adds it)'
DROP INDEX audit_log_entity_id_idx;
EXPLAIN (ANALYZE, BUFFERS, COSTS OFF) SELECT a.*, u.name FROM audit_log a LEFT JOIN users u ON u.id = a.actor_id
  WHERE a.entity_id = 'registro-4242' ORDER BY a.created_at DESC, a.id DESC LIMIT 51;
DROP SCHEMA audit_bench CASCADE;
