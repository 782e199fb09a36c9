import type { Hono } from 'hono';
import type { AppEnv } from '../core/context';
import { listUsers, userImage } from './list';
import { deleteUser, registerUser, updateUser } from './save';

/*
 * Users administration (spec part 1, sections 3, 5, 7): list with filters (center, role,
 * name) and image_path, add (/register) and update (multipart), delete, and the pictures.
 */
export function registerUserRoutes(api: Hono<AppEnv>) {
  api.get('/users', listUsers);
  api.post('/register', registerUser);
  api.post('/user_update', updateUser);
  api.delete('/user_delete/:id', deleteUser);
  api.get('/files/users/:name', userImage);
}
