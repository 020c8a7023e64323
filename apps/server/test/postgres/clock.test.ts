// The clock suite, with every test server on PostgreSQL.
import '../support/on-postgres.ts';
import '../clock.test.ts';
