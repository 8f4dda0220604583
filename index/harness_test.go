package index

import "time"

// hangLimit bounds every wait in this package's tests. It only catches a
// hang: no test asserts how long anything takes (speed lives in the
// benchmarks), and it is far above the expected time on a loaded 2-core
// machine.
const hangLimit = 120 * time.Second
