"""taipai: scorekeeper for 港式台灣麻雀 (Hong Kong-style Taiwanese 16-tile mahjong)."""
