use super::position::Position;
