$BUILD/pidle-stat -I 0
