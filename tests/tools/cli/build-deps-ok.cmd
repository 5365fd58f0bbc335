$DATA/../../../tools/check-build-deps; echo $?
