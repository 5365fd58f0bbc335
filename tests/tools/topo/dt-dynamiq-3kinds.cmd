cd "$DATA/../../dt" && "$BUILD/pidle-topo" --dt good/dynamiq-3kinds.dts --params
