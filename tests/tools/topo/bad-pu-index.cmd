# PU indexes beyond the module's 8191 are refused before any arithmetic on
# them (one near 2^31 overflowed a signed int; hwloc takes a minute to build
# that one, so this uses 65536: the same check).
$BUILD/pidle-topo -y "pack:1 core:2 pu:1(indexes=0,65536)"
