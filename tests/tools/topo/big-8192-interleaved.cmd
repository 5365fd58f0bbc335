# The limit: 8 packages x 4 dies x 64 cores x 4 threads, SMT interleaved
# (CPU n and n + 2048 siblings): the compact form.
$BUILD/pidle-topo -y "pack:8 die:4 core:64 pu:4(indexes=4*2048:1*4)" -p
