// The operator token every test and benchmark server gets (OPERATOR_TOKEN): with it, /healthz answers its detail
// (tables, leases, epochs, memory) and /metrics answers at all.

export const TEST_OPERATOR_TOKEN = 'operator-token-of-the-tests-0123456789';

/** The headers that make a request the operator's. */
export const operatorHeaders = { authorization: `Bearer ${TEST_OPERATOR_TOKEN}` } as const;
