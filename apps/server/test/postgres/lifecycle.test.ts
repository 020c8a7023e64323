// The lifecycle suite, with every test server on PostgreSQL.
import '../support/on-postgres.ts';
import '../lifecycle.test.ts';
