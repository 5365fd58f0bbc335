$BUILD/pidle-topo -i fixtures/interleaved.xml -p
