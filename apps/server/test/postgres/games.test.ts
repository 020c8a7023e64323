// The games suite, with every test server on PostgreSQL.
import '../support/on-postgres.ts';
import '../games.test.ts';
