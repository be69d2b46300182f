import AttrGraph
