// placeholder: the game is being written
export {};
