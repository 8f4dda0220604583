-- Minimal seed for integration tests. Idempotent.
INSERT INTO organizations (id, name) VALUES
  (1, 'Acme Test Org'), (2, 'Globex Test Org')
ON CONFLICT (id) DO NOTHING;

INSERT INTO users (id, organization_id, email, role) VALUES
  (1, 1, 'admin@acme.test', 'admin'),
  (2, 1, 'member@acme.test', 'member'),
  (3, 2, 'owner@globex.test', 'owner')
ON CONFLICT (id) DO NOTHING;

SELECT setval('users_id_seq', (SELECT max(id) FROM users));
