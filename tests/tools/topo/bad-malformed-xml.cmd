$BUILD/pidle-topo -i fixtures/malformed.xml
