CC=/nonexistent/gcc $DATA/../../../tools/check-build-deps
