#!/bin/sh
# This machine: no golden output, but the module's parser must accept what
# pidle-topo makes of it.
out=$("$BUILD/pidle-topo" -p) || { echo "exit $?: $out"; exit 1; }
echo "$out" | grep -q '^states=[^ ]* topology=[^ ]*$' || { echo "$out"; exit 1; }
