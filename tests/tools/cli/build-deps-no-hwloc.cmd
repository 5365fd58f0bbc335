CC=$DATA/fake-cc.sub HIDE=hwloc.h $DATA/../../../tools/check-build-deps
