$BUILD/pidle-stat -i 0
