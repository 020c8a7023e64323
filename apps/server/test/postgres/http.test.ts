// The http suite, with every test server on PostgreSQL.
import '../support/on-postgres.ts';
import '../http.test.ts';
