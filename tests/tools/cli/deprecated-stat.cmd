$BUILD/pidle-stat -i 0.001 -n 1 --sysfs-root $DATA/../stat/nonexistent --no-module
