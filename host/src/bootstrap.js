"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
var client_1 = require("react-dom/client");
var app_1 = require("./app");
(0, client_1.createRoot)(document.getElementById('root')).render(<app_1.App />);
