cd "$DATA/../../dt" && "$BUILD/pidle-topo" --dt good/dynamiq-3kinds.dts --dt-shared-domain set:2 --params
