# The same machine as a synthetic string: the same output as big-1024-xml.
$BUILD/pidle-topo -y "pack:4 die:2 core:32 pu:4(indexes=4*256:1*4)" -p
