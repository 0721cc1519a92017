// The 40-move chess game the demo's benchmarks analyse (scripts/bench-review.mjs,
// scripts/bench-analysis.mjs).

// Played by the engine itself (levels 5 and 4, fixed seeds): 40 moves, no end yet.
export const GAME = `1. Nf3 Nf6 2. Nc3 e6 3. e3 Nc6 4. d4 Bb4 5. Bd3 Bxc3+ 6. bxc3 d6 7. Rb1 O-O 8.
O-O h6 9. h3 e5 10. e4 a6 11. Ba3 exd4 12. cxd4 Re8 13. d5 Ne7 14. c3 Ng6 15.
Re1 Nf4 16. Qd2 Nxd3 17. Qxd3 Rb8 18. c4 Bd7 19. e5 dxe5 20. Nxe5 b5 21. c5
Bxh3 22. Nc6 Qxd5 23. Qxd5 Nxd5 24. Nxb8 Rxb8 25. gxh3 c6 26. Bb2 a5 27. Be5
Re8 28. Bd6 Rd8 29. Rbd1 b4 30. Bc7 Ra8 31. Be5 a4 32. Rd2 b3 33. Kg2 Rc8 34.
Rb2 f6 35. Bd6 bxa2 36. Rxa2 Ra8 37. Rea1 Nc3 38. Ra3 Nd5 39. Rxa4 Rxa4 40.
Rxa4 h5 *`;

