$BUILD/pidle-stat -V
