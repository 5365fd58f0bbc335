$BUILD/pidle-topo -i fixtures/no-such-file.xml
