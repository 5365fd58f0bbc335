$BUILD/pidle-topo -y "pack:2 core:2 pu:2" -s skx --json | jq -c '.cpus, [.levels[] | .name, (.domains | length)], [.states[] | .name], .params.topology'
