#!/usr/bin/env perl
# Stand-alone runner for dists that do not use Makefile.PL.
use strict;
use warnings;
use FindBin;
use lib "$FindBin::Bin/../inc";
require Preflight;
Preflight->import;
print "preflight complete\n";
