// The reconnect suite, with every test server on PostgreSQL.
import '../support/on-postgres.ts';
import '../reconnect.test.ts';
