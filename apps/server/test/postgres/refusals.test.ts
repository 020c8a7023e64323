// The refusals suite, with every test server on PostgreSQL.
import '../support/on-postgres.ts';
import '../refusals.test.ts';
