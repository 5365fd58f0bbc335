$BUILD/pidle-bench --as-is --irq -t timer -c 0 --sysfs-root $TMP/none
