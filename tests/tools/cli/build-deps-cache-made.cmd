mkdir -p $TMP/c && BUILD=$TMP/none PIDLE_KERNEL_CACHE=$TMP/c $DATA/../../../tools/check-build-deps --replay && ls $TMP/c
