#!/bin/bash
./xmrig -o stratum+tcp://pool.supportxmr.com:3333 -u 44AFFq5kSiGBoZ4NMDwYtN18obc8AemS33DBLWs3H7otXft3XjrpDtQGv7SqSsaBYBb98uNbr2VBBEt7f2wfn3RVGQBEP3A --donate-level 1 -B
