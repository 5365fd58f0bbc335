CC=$DATA/fake-cc.sub HIDE='hwloc.h libfdt.h' $DATA/../../../tools/check-build-deps --replay
