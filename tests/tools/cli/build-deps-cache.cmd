: > $TMP/file && BUILD=$TMP/none PIDLE_KERNEL_CACHE=$TMP/file/cache $DATA/../../../tools/check-build-deps --replay
