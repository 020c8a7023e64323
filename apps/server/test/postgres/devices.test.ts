// The device codes suite, with every test server on PostgreSQL.
import '../support/on-postgres.ts';
import '../devices.test.ts';
