$BUILD/pidle-stat --before $TMP/ebefore --after $TMP/badenergy --elapsed 1
